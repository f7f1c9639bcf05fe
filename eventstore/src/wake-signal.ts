/**
 * A wake-up that is never lost: a wake while nobody waits makes the next wait return at once.
 */
export function createWakeSignal() {
  let pending = false;
  let release: (() => void) | undefined;

  function wake(): void {
    pending = true;
    release?.();
  }

  /** Resolves on the next wake (or a pending one), or after `timeoutMs`. */
  async function wait(timeoutMs: number): Promise<void> {
    if (!pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        release = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      release = undefined;
    }
    pending = false;
  }

  return { wake, wait };
}
