import { describe, expect, it } from 'vitest';
import { abandonmentPoints, funnelCounts, funnelSteps } from './funnel';

describe('journey funnel', () => {
  it('lists the six steps in order with Romanian labels', () => {
    expect(funnelSteps.map((s) => [s.key, s.label])).toEqual([
      ['landingVisitors', 'Vizitatori pe pagina principală'],
      ['formStarted', 'Formular început'],
      ['formCompleted', 'Formular completat'],
      ['resultsViewed', 'Rezultate vizualizate'],
      ['emailProvided', 'E-mail furnizat'],
      ['reportSent', 'Raport trimis'],
    ]);
  });

  it("reads today's counts, a missing one as 0", () => {
    const counts = funnelCounts({
      landingVisitors: 120,
      formStarted: 80,
      formCompleted: 60,
      resultsViewed: 55,
    });
    expect(counts.map((c) => c.count)).toEqual([120, 80, 60, 55, 0, 0]);
    expect(funnelCounts(null).map((c) => c.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });
});

describe('abandonment analysis', () => {
  it('names the five places visitors leave, in order', () => {
    expect(abandonmentPoints.map((p) => [p.key, p.label])).toEqual([
      ['abandoned_at_landing', 'Au plecat de pe pagina principală'],
      ['abandoned_at_form', 'Au abandonat formularul'],
      ['abandoned_after_calculation', 'Au plecat după calcul'],
      ['abandoned_at_results', 'Au plecat de la rezultate'],
      ['abandoned_after_email', 'Au plecat după e-mail'],
    ]);
  });
});
