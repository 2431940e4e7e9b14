// What BodyMetrics keeps in the visitor's browser: local storage, session storage and the one admin cookie.
import type { SeedLegalPage } from './types';
import { contactEmail, effectiveDate } from './operator';

export const cookiePolicy: SeedLegalPage = {
  slug: 'cookies',
  title: 'Cookie Policy',
  lastUpdated: effectiveDate,
  content: `
<p>This policy explains what BodyMetrics stores in your browser and why. Visitors get no advertising or third-party tracking cookies from us. We mainly use your browser’s local storage and session storage, which work like cookies but are not sent with every request.</p>

<h2>1. What we store</h2>
<ul>
<li><strong>Visitor ID</strong>: a random identifier. Until you allow analytics storage in the banner it lives in session storage and is gone when you close the tab; once you allow it, it is kept in local storage until you clear your browser’s site data or choose “Necessary storage only” from the footer. It links your page visits, journey steps and offer clicks, and once kept it lets us recognise a returning visit. Unique visitors are counted by a daily visitor key computed on our side, which puts nothing on your device (see our <a href="/legal/privacy">Privacy Policy</a>). It does not contain your name or e-mail address.</li>
<li><strong>Returning-visitor flag</strong> (local storage): remembers that you have been here before.</li>
<li><strong>Form session</strong> (local storage): the values you typed into the calculator and how far you got, so that a reload does not lose your input. It is cleared when you click “Start New Calculation”.</li>
<li><strong>Session ID</strong> (session storage): a random identifier for the current visit, removed when you close the tab. It lets us measure how long a visit lasts and which steps it included.</li>
<li><strong>Language</strong> (session storage): the language you chose with the RO / EN buttons, kept for the visit and removed when you close the tab.</li>
<li><strong>Admin session</strong> (a cookie and local storage, site operators only): when an administrator signs in to the dashboard, a session identifier is stored in an HttpOnly, SameSite=Strict cookie and in local storage. Ordinary visitors never receive it.</li>
<li><strong>Your storage choice</strong> (local storage): remembers your answer to the consent banner so that it is not shown again.</li>
</ul>

<h2>2. Consent</h2>
<p>On your first visit a banner informs you about this storage and links to this policy. Storage that is strictly necessary for what you ask for, such as keeping your form input, the session of a signed-in administrator, the language you chose and remembering your choice, does not require consent. The visitor ID and the analytics it supports are described in our <a href="/legal/privacy">Privacy Policy</a>.</p>

<h2>3. Third parties</h2>
<p>BodyMetrics does not load third-party analytics, advertising scripts or social-media widgets. When you click a sponsored offer you go to a partner’s website, which may set its own cookies under its own policy, for example to credit us with a commission.</p>

<h2>4. How to remove or block storage</h2>
<p>You can delete everything BodyMetrics has stored by clearing this site’s data in your browser settings (often under “Cookies and site data”). You can also block site data for BodyMetrics; the calculator will still work, but your input will not survive a reload and your visits on different days will be counted as different visitors.</p>

<h2>5. Contact</h2>
<p>Questions about this policy can be sent through the <a href="/legal/contact">contact form</a> or to <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
