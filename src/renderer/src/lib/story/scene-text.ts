// A scene of the story in words, and how long it takes to read: its lines, the compact line
// for the scenes jumped over to catch up, and the reading time from its words and cards.
import { linesOf, meetingLines, type StoryContext } from './describe';
import type { Scene } from './presentation.svelte';
import { readingMs } from './speed.svelte';

/** The scene's own lines (a finished meeting: who won and why, where the cards went). */
export function sceneLines(scene: Scene, ctx: StoryContext): string[] {
  if (scene.kind === 'meeting') return meetingLines(scene.meeting, scene.reason, ctx);
  return linesOf(scene.event, ctx).map(([, text]) => text);
}

/** One short line per scene jumped over: an ability's sentence, a meeting's winner and why. */
export function skippedLine(scene: Scene, ctx: StoryContext): string | null {
  if (!scene.skipped || scene.skipped.length === 0) return null;
  const parts = scene.skipped.map((s) => {
    const lines = sceneLines(s, ctx);
    return (s.kind === 'meeting' && s.meeting.halted ? lines[1] : lines[0]) ?? '';
  });
  return ctx.t('story.meanwhile', { lines: parts.map((p) => p.replace(/\.$/, '')).join(' · ') });
}

const words = (lines: readonly (string | null)[]): number => lines.reduce((n, line) => n + (line ? line.split(/\s+/).filter(Boolean).length : 0), 0);

/** How long the scene takes to read at normal speed: its words and the cards it shows. */
export function sceneReadingMs(scene: Scene, ctx: StoryContext): number {
  const cards = scene.kind === 'meeting' ? scene.meeting.plays.length : 0;
  return readingMs(words([...sceneLines(scene, ctx), skippedLine(scene, ctx)]), cards);
}
