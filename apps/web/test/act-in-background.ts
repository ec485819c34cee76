import { act } from '@testing-library/react';

/**
 * Runs `work` inside act() and returns its result at once, like Testing Library's own synchronous
 * act() around render() and every event it dispatches, but awaits that act in the background.
 *
 * Why: when work in a synchronous act() scope starts a transition (a react-router navigation, also
 * one a <Navigate> starts from an effect) and that render suspends after a component called use(),
 * React's development build keeps the rest of the render in act's queue, and a synchronous act that
 * nobody awaits drops that queue on return ("A component suspended inside an `act` scope, but the
 * `act` call was not awaited"). The root then waits for a task that never runs: the new page never
 * shows, unless some later update of another priority happens to reschedule it. Awaiting the act
 * keeps flushing its queue until React is done, as `await act(...)` would. Production builds have no
 * act queue: browsers are not affected.
 */
export function actInBackground<T>(work: () => T): T {
  let result: { value: T } | undefined;
  // For a synchronous callback act() returns React's thenable (typed void).
  const scope = act(() => {
    result = { value: work() };
  }) as unknown as PromiseLike<void>;
  scope.then(
    () => undefined,
    (error: unknown) => {
      // Rethrown outside the flush so that the test run reports it.
      setTimeout(() => {
        throw error;
      });
    },
  );
  return result!.value;
}
