/** A flow whose code did not load (weak Wi-Fi) or failed: logged, and the page stays so the guest can try again. */
export function logFlowFailure(_: unknown, error: unknown): void {
  console.error('A flow of the stay page failed', error);
}
