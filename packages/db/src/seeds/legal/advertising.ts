// How BodyMetrics earns money: affiliate links, commissions, the "Sponsored" labels on offers.
import type { SeedLegalPage } from './types';
import { contactEmail, effectiveDate } from './operator';

export const advertisingDisclosure: SeedLegalPage = {
  slug: 'advertising',
  title: 'Advertising & Sponsorship Disclosure',
  lastUpdated: effectiveDate,
  content: `
<p>BodyMetrics is free to use. We pay for it with affiliate marketing. This page explains how that works so that you can judge the offers we show you.</p>

<h2>1. Affiliate links</h2>
<p>Many links to products and services on BodyMetrics are affiliate links. They contain a reference code that tells the partner the visit came from us. When you click such a link, or buy something after clicking it, the partner may pay us a commission. <strong>You do not pay more</strong> because you used our link.</p>

<h2>2. How offers are labelled</h2>
<ul>
<li>Offers on the summary screen shown after your calculation carry a “Sponsored” tag.</li>
<li>Offer cards on the results page are marked “Sponsored Content” and each has a short disclaimer beside its button.</li>
<li>Offer buttons take you to the partner’s own website, so it is always clear when you leave BodyMetrics.</li>
</ul>

<h2>3. How offers are chosen</h2>
<p>We show offers that match your BMI category (Underweight, Normal, Overweight or Obese) and your goal (weight loss, muscle gain or general wellness). The choice is made automatically from these two values; it is not a personal recommendation by a doctor, dietitian or coach, and it does not take your medical history into account. Partners may pay different commissions, and we do not claim that an offer is the best or cheapest product of its kind.</p>

<h2>4. What we do not do</h2>
<ul>
<li>We do not pass your name, e-mail address or the values you enter in the calculator to partners.</li>
<li>We do not let partners change your results. Your BMI and other figures are calculated the same way whatever offers are shown.</li>
<li>We do not publish paid reviews presented as independent opinions.</li>
</ul>

<h2>5. What we record about clicks</h2>
<p>To check partners’ reports and to see which offers are useful, we record each click on an offer: the offer, your random visitor ID, browser details, the referring page, the time and a shortened IP address. Details are in our <a href="/legal/privacy">Privacy Policy</a>.</p>

<h2>6. Responsibility for partner products</h2>
<p>Partners are independent businesses. Their products, prices, delivery, refunds and privacy practices are their responsibility, under their own terms. Before buying a supplement or starting a diet or exercise programme, check that it is right for you, and ask a health professional if you have a medical condition, take medication, or are pregnant or breastfeeding.</p>

<h2>7. Advertising and partnership enquiries</h2>
<p>If you would like to work with us, choose “Advertising &amp; Partnership” in the <a href="/legal/contact">contact form</a> or write to <a href="mailto:${contactEmail}">${contactEmail}</a>.</p>
`.trim(),
};
