// The engine's semantic tones as CSS classes. Colour never carries meaning alone: every toned element
// also shows its label as text.
import type { Tone } from '@bodymetrics/health';

export const toneClass = (tone: Tone) => `tone tone--${tone}`;
