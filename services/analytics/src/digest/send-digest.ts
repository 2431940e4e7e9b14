// One digest to one admin: the week's figures, the week before's, rendered and handed to the mailer.
import type { Db } from '@bodymetrics/db';
import type { Mailer } from '@bodymetrics/mail';
import { renderDigestMail } from './render-digest-mail';
import { readWeekFigures } from './week-figures.repository';
import { weekBefore, type DigestWeek } from './week';

export async function sendDigest(
  { db, mailer, revenueCurrency }: { db: Db; mailer: Mailer; revenueCurrency: string },
  to: string,
  week: DigestWeek,
): Promise<void> {
  const [current, previous] = await Promise.all([
    readWeekFigures(db, week),
    readWeekFigures(db, weekBefore(week)),
  ]);
  await mailer.send(renderDigestMail({ to, week, current, previous, revenueCurrency }));
}
