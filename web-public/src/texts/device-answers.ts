// The calculator form's two optional answers that stay on the device (home/DeviceOnlyAnswers.tsx): ethnic
// background and pregnancy. English; each key is a text the visitor sees. The group's title and note are
// each one short line at any width, so the group's height does not depend on the screen (its slot keeps
// that height while the group's code loads).
export const deviceAnswersTexts = {
  groupTitle: 'Optional, kept on this device',
  groupHint: 'Never sent to us or stored by us.',
  ethnicBackground: 'Ethnic background',
  preferNotToSay: 'Prefer not to say',
  pregnant: 'I am pregnant',
} as const;
