// What a visitor sees when our SMTP server did not take the message: 502, a stable code, a message the
// public app can show as is (spec §8 "Report failure").
import { HttpError } from '@bodymetrics/service-kit';

export const mailDeliveryFailed = (message: string) => new HttpError(502, 'mail_delivery_failed', message);
