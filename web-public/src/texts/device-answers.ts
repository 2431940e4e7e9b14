// The calculator form's two optional answers that stay on the device (home/DeviceOnlyAnswers.tsx): ethnic
// background and pregnancy. Each key is a text the visitor sees (English here, Romanian in ro.ts). The group's title and note are
// each one short line at any width, so the group's height does not depend on the screen (its slot keeps
// that height while the group's code loads).
import { i18n } from './i18n';

export const deviceAnswersTexts = i18n('deviceAnswers', {
  groupTitle: 'Optional, kept on this device',
  groupHint: 'Never sent to us or stored by us.',
  ethnicBackground: 'Ethnic background',
  preferNotToSay: 'Prefer not to say',
  pregnant: 'I am pregnant',
});
