// The fake clock's frames: a processing run sends its request once its first step has been
// painted, that is after the next animation frame and a task queued from it.

/** A fake frame (16 ms) and the task queued after it. */
export const FRAME_MS = 20;
