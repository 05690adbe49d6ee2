/**
 * Runs tasks one after another, in call order; a failed task does not stop the ones after it.
 * anvil reads the sender's pending nonce for each `eth_sendTransaction` without a lock, so two
 * concurrent sends from one unlocked account can get the same nonce ("replacement transaction
 * underpriced"): the sandbox submits its own transactions through one of these.
 */
export function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
