// A file the browser makes from text in this page and saves: nothing leaves the device.
export function downloadText(text: string, fileName: string, type: string, parent: Element): void {
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
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
