// Who a visitor is for counting (unique visitors, funnel steps, unique clicks): the server's visitorKey
// (README "How we count"); an event from before tracking stamped it is counted by its visitorId.
export const countedVisitor = (p: { visitorKey?: string; visitorId: string }): string =>
  p.visitorKey ?? p.visitorId;
