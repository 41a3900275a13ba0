// Waiting until the browser has shown a state: a step that is replaced at once would otherwise
// never reach the screen (React renders it, but the next state lands before the next frame).

/** How long a page that runs no frames (a background tab) is waited for instead. */
export const NO_FRAME_FALLBACK_MS = 250;

/**
 * Calls `run` once the next frame has been painted: in a task queued from that frame's
 * animation callback, which runs after the frame is on screen. Returns a function that cancels it.
 */
export function afterPaint(run: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
  const go = () => {
    cancel();
    run();
  };
  const frame = requestAnimationFrame(() => {
    clearTimeout(fallback);
    task = setTimeout(go, 0);
  });
  const fallback = setTimeout(go, NO_FRAME_FALLBACK_MS);
  return cancel;
}
