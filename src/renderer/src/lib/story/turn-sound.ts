// A short soft two-note chime for "your turn", made with Web Audio (no sound file to ship).
let context: AudioContext | null = null;

export function playTurnSound(): void {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.25);
      osc.connect(gain).connect(context.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.3);
    }
  } catch {
    // no audio here (a test page, a locked-down browser): the turn is still shown on screen
  }
}
