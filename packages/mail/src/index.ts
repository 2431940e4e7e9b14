// @bodymetrics/mail — sending mail from any service: SMTP or .eml files, one error type.
export * from './mail-message';
export * from './mail-delivery-error';
export * from './smtp-mailer';
export * from './file-mailer';
export * from './create-mailer';
export * from './mailer-of-settings';
export * from './escape-html';
