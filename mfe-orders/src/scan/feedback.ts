/**
 * Success and failure you can hear and feel at the dock: a short high beep / a low double buzz through
 * WebAudio, and the phone's vibration. Both are best effort: a browser without them stays silent.
 */
let audio: AudioContext | undefined;

function beep(freq: number, ms: number, at = 0): void {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    audio ??= new Ctx();
    const t = audio.currentTime + at;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = freq;
    osc.type = 'square';
    gain.gain.setValueAtTime(0.08, t);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + ms / 1000);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + ms / 1000);
  } catch {
    // no audio: the toast and the colour still tell
  }
}

export function signal(ok: boolean): void {
  if (ok) beep(1320, 120);
  else {
    beep(220, 160);
    beep(220, 160, 0.22);
  }
  try {
    navigator.vibrate?.(ok ? 80 : [200, 100, 200]);
  } catch {
    // not supported
  }
}
