// The password-reset e-mail, in Romanian like the rest of the operator's interface.
import { escapeHtml, type MailMessage } from '@bodymetrics/mail';

export const resetMailSubject = 'Resetare parolă BodyMetrics';

export function resetLink(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/admin/reset-password?token=${encodeURIComponent(token)}`;
}

export function resetMail({
  to,
  username,
  link,
  validMinutes,
}: {
  to: string;
  username: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const text = [
    `Bună, ${username},`,
    '',
    'Am primit o cerere de resetare a parolei pentru contul tău de administrator BodyMetrics.',
    `Deschide linkul de mai jos pentru a alege o parolă nouă. Linkul este valabil ${validMinutes} de minute și poate fi folosit o singură dată:`,
    '',
    link,
    '',
    'Dacă nu ai cerut tu resetarea, ignoră acest mesaj: parola ta rămâne neschimbată.',
    '',
    'Echipa BodyMetrics',
  ].join('\n');
  const html = `<!doctype html>
<html lang="ro"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Bună, ${escapeHtml(username)},</p>
<p>Am primit o cerere de resetare a parolei pentru contul tău de administrator BodyMetrics.</p>
<p>Apasă butonul de mai jos pentru a alege o parolă nouă. Linkul este valabil ${validMinutes} de minute și poate fi folosit o singură dată.</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px">Resetează parola</a></p>
<p style="font-size:13px;color:#6b7280">Dacă butonul nu funcționează, copiază acest link în browser:<br>${escapeHtml(link)}</p>
<p>Dacă nu ai cerut tu resetarea, ignoră acest mesaj: parola ta rămâne neschimbată.</p>
<p>Echipa BodyMetrics</p>
</body></html>`;
  return { to, subject: resetMailSubject, text, html };
}
