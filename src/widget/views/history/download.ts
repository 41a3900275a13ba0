// A file the browser makes from text in this page and saves: nothing leaves the device.
/** Starts the download; the returned function releases its URL now (the view calls it when it goes away). */
export function downloadText(text: string, fileName: string, type: string, parent: Element): () => void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  // Inside the shadow root, so nothing is added to the host page even for a moment.
  parent.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  const timer = setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return () => {
    clearTimeout(timer);
    URL.revokeObjectURL(url);
  };
}
