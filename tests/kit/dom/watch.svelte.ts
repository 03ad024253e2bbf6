// What a reactive reading yields over time, as a component would see it: each value an effect
// reads, in order, until stopped. For state that must update live (a media query, a setting).
import { flushSync } from 'svelte';

export function watch<T>(read: () => T): { readonly values: T[]; stop: () => void } {
  const values: T[] = [];
  const stop = $effect.root(() => {
    $effect(() => {
      values.push(read());
    });
  });
  flushSync();
  return { values, stop };
}
