// Bot traffic is recorded (raw rows keep an is_bot mark or the user agent) but left out of every
// aggregate the dashboard reads. isbot is the maintained detector.
import { isbot } from 'isbot';

export const isBotAgent = (...agents: (string | null | undefined)[]) => agents.some((a) => !!a && isbot(a));
