// Script-injection payloads, each of which sets `window.__xss` if a page ever runs it, so a browser test
// can tell "shown as text" from "executed". Used as visitor-controlled text everywhere it can enter.
export const xssPayloads = {
  img: '<img src=x onerror=window.__xss=1>',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  javascriptUrl: 'javascript:window.__xss=1',
  attribute: "' autofocus onfocus=window.__xss=1 x='",
} as const;

/** A legal page as someone might store it by hand: active content mixed with legitimate HTML. */
export const hostileLegalHtml = [
  '<h2>Your data</h2>',
  '<p onclick="window.__xss=1">We keep <strong>very little</strong>.</p>',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<svg onload=window.__xss=1></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<a href="javascript:window.__xss=1">Click me</a>',
  '<a href="JaVaScRiPt:window.__xss=1">Or me</a>',
  '<a href="//evil.example/">Elsewhere</a>',
  '<a href="https://example.org/rights" onmouseover="window.__xss=1">Your rights</a>',
  '<a href="mailto:privacy@bodymetrics.example">Write to us</a>',
  '<p style="background:url(javascript:window.__xss=1)">Styled</p>',
  '<form action="https://evil.example/"><input name="q"></form>',
].join('\n');
