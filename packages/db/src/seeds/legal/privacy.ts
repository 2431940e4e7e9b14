// The privacy policy. It has to match what the code really records (tracking, aggregator, reports, live):
// when a tracked field or a retention period changes, this text changes in the same commit.
import type { SeedLegalPage } from './types';
import { contactEmail, effectiveDate } from './operator';

export const privacyPolicy: SeedLegalPage = {
  slug: 'privacy',
  title: 'Privacy Policy',
  lastUpdated: effectiveDate,
  content: `
<p>This policy explains what information BodyMetrics (“we”, “us”) collects when you use our free BMI and body-metrics calculator, why we collect it, how long we keep it and what rights you have. We have tried to list everything, including the usage analytics that the calculator itself does not show you.</p>

<h2>1. Who is responsible</h2>
<p>The operator of BodyMetrics is the controller of the personal data described here. You can reach us through the <a href="/legal/contact">contact form</a> or by e-mail at <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>

<h2>2. The calculator runs in your browser</h2>
<p>Your BMI, body-fat estimate, waist-hip ratio, daily energy need, metabolic age and nutrition plan are calculated by your own browser. You do not need an account or an e-mail address to use the calculator. However, as described in section 3, the values you type into the form are also sent to us while you fill it in.</p>
<p>Two optional answers on the form never leave your device: your <strong>ethnic background</strong> and whether <strong>you are pregnant</strong>. Your browser uses them only to choose the BMI bands and the advice it shows you (for some backgrounds, the lower thresholds of the NICE obesity guideline; in pregnancy, no offers and no calorie target). They are kept in your browser’s session storage for this tab and deleted when you close it or start a new calculation. They are not part of the form snapshots, journey steps, offer records or e-mailed report described below, we do not log or store them, and the category we record is always the standard WHO category. Your e-mailed report therefore uses the WHO bands.</p>

<h2>3. What we record when you visit</h2>
<p>To understand how the site is used and which offers people find useful, your browser sends us the following records. They are linked to a random visitor ID created on your first visit, not to your name.</p>
<ul>
<li><strong>Page visits:</strong> your visitor ID, the address of the page, the referring page, your browser’s user agent, the device type (mobile, tablet or desktop), browser name, operating system, screen resolution, browser language, time zone, whether you have visited before, and the traffic source (for example a search engine, a social network or a campaign link).</li>
<li><strong>Your IP address, shortened:</strong> we keep only the first three blocks of an IPv4 address (a /24 network, for example 203.0.113.0) or the first three groups of an IPv6 address (a /48 network). The full address is not stored.</li>
<li><strong>Counting visitors without storing anything on your device:</strong> we count you as one visitor per day by a daily visitor key: a one-way keyed hash of a random value (a salt) that we create each day, your network address (your IPv4 address, or the first four groups of an IPv6 address) and your browser’s user agent. We count everyone this way, whether or not you allow analytics storage, so that the same person is counted once a day. The salt is kept only in our servers’ memory and is deleted at the end of its day, so the key cannot be recomputed afterwards and does not link your visits across days; the address used for it is not stored. Nothing is stored on your device for this. If you allow analytics storage, the visitor ID kept on your device only lets us recognise a returning visit on a later day.</li>
<li><strong>Session duration:</strong> how long a page was open, sent when you leave it.</li>
<li><strong>Journey steps:</strong> which steps of the calculator you reached (landing, form started, form completed, results viewed, the sponsored summary page, e-mail provided, report sent), with the time, your device type and user agent.</li>
<li><strong>Form snapshots:</strong> while you fill in and submit the calculator, the values you enter (age, gender, height, weight, waist, hip, activity level and measurement system) are sent to us with your visitor ID. We use them to see where people leave the form and to improve the calculator. They do not include your name or e-mail address.</li>
<li><strong>Affiliate clicks:</strong> when you click a sponsored offer we record which offer, its link, your visitor ID, your user agent, the referring page, the time and your shortened IP address.</li>
<li><strong>Live presence:</strong> while a BodyMetrics tab is open, your browser tells us every 30 seconds that it is still active, with your visitor ID, a session ID, the current page, device type, browser and an approximate location taken from your time zone (for example “Bucharest”). This is kept only in memory for a few minutes so that our dashboard can show how many people are on the site right now.</li>
</ul>

<h2>4. What we record when you ask for something</h2>
<ul>
<li><strong>E-mailed health report:</strong> if you request the report, we receive your name, e-mail address, the calculator values listed above, your goal and the offers shown to you. We use them to send the report and store them as a record of the request. This is health-related information, and we process it only because you ask us to send it (your explicit consent). The report is written in the language the page was shown in.</li>
<li><strong>Newsletter:</strong> only if you tick the newsletter box when requesting a report, your e-mail address is subscribed to our newsletter with tips and offers. The box is never ticked in advance, every newsletter contains an unsubscribe link, and unsubscribing takes effect immediately. We subscribe the address only after you confirm it (double opt-in): the report e-mail contains a confirmation link, valid for 7 days, that opens a page with a confirmation button. Until you press it the address is not subscribed, and an unconfirmed request is deleted once its link has expired.</li>
<li><strong>Report e-mails per address:</strong> so that nobody can use our report form to flood someone’s inbox, we count the report e-mails sent to each address over 24 hours. We count them by a one-way hash of the address, not the address itself, and delete each count after 24 hours.</li>
<li><strong>Contact messages:</strong> when you use the contact form we receive your full name, e-mail address, the reason you chose and your message, and use them to answer you.</li>
<li><strong>Share images:</strong> if you share your result, we create an image of your result summary and a page that displays it, so that messaging apps can show a preview. Anyone with the link can see that page. The image shows only the BMI and its category, so one image serves everyone with the same result; the link itself is deleted 395 days after it was created.</li>
</ul>

<h2>5. Why we use this information and on what legal basis</h2>
<ul>
<li>To run the site securely and keep it working (legitimate interest).</li>
<li>To measure visits, the calculator funnel, traffic sources and offer clicks, so that we can improve the site and get paid by our affiliate partners (legitimate interest, and your consent to storage on your device where the law requires it; see our <a href="/legal/cookies">Cookie Policy</a>).</li>
<li>To send the health report and newsletter you asked for (consent, which you can withdraw at any time).</li>
<li>To answer contact messages (legitimate interest, or steps before a contract where relevant).</li>
</ul>
<p>We do not sell your personal data, we do not use it for automated decisions that affect you, and we do not pass your calculator values, name or e-mail address to our affiliate partners. When you click an offer, the partner sees that the visit came from BodyMetrics through the link’s reference code.</p>

<h2>6. How long we keep it</h2>
<ul>
<li>Raw analytics records (page visits, session durations, journey steps, affiliate clicks and form snapshots) are deleted 395 days after they were recorded.</li>
<li>Daily totals derived from them (for example the number of visitors on a given day) contain no visitor ID and may be kept longer.</li>
<li>Live presence expires within minutes after your tab closes.</li>
<li>Report requests, newsletter subscriptions and contact messages are kept until you ask us to delete them or, for the newsletter, until you unsubscribe and we remove the address.</li>
</ul>

<h2>7. Who else processes it</h2>
<p>Our hosting and e-mail delivery providers process data on our behalf under a data processing agreement. Affiliate partners receive only what your browser sends them when you open their site, under their own privacy policies.</p>

<h2>8. Your rights</h2>
<p>Depending on where you live, you have the right to access, correct or delete your personal data, to restrict or object to its processing, to data portability, and to withdraw consent at any time without affecting earlier processing. Because analytics records are linked to a random visitor ID rather than to your name, tell us that ID (your browser keeps it in local storage) or the e-mail address you used, and we will find the records. You also have the right to complain to a data protection authority.</p>

<h2>9. Children</h2>
<p>BodyMetrics is meant for adults. The calculator accepts ages from 18 upwards and we do not knowingly collect information about children.</p>

<h2>10. Changes</h2>
<p>When we change this policy we update the “Last updated” date of this page.</p>
`.trim(),
};
