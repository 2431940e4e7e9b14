// The calculator form's two optional answers that stay on the device (home/DeviceOnlyAnswers.tsx): ethnic
// background and pregnancy: the group's frame, in the home route's first script. English; each key is a
// text the visitor sees. The choices' names are in ethnic-backgrounds.ts, fetched with the controls.
export const deviceAnswersTexts = {
  groupTitle: 'Optional, kept on this device',
  groupHint:
    'These two answers change the advice you see. They are never sent to us, stored by us or put in your e-mailed report.',
  ethnicBackground: 'Ethnic background',
  preferNotToSay: 'Prefer not to say',
  pregnant: 'I am pregnant',
} as const;
