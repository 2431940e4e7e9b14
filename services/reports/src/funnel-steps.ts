// The funnel's last two steps, recorded here rather than taken from the page's word:
// `email_provided` when a report request was accepted (valid, within the per-client and per-recipient
// limits, stored and handed to the mailer) and `report_sent` when its mail was really sent. They go on the
// journey topic with the same payload as the page's steps, stamped like tracking stamps them (address,
// User-Agent, the one bot decision, the daily visitor key from the same salt), so the aggregator counts
// them for the same visitor. A request without the visitor's ids is mailed all the same, just not counted.
//
// A bus that cannot take a step never costs the visitor the report: the step is logged and counted on
// /metrics (report_funnel_steps_lost_total), and the answer is the one the mail decided.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bus } from '@bodymetrics/bus';
import {
  isBotRequest,
  topics,
  type JourneyEvent,
  type ReportVisitor,
  type ServerRecordedStep,
} from '@bodymetrics/contracts';
import { counterOf, storableIp, type IpStorage, type VisitorKeys } from '@bodymetrics/service-kit';

export interface FunnelStepDeps {
  bus: Bus;
  visitorKeys: VisitorKeys;
  ipStorage: IpStorage;
}

export const lostFunnelSteps = (app: FastifyInstance) =>
  counterOf(app, {
    name: 'report_funnel_steps_lost_total',
    help: 'Funnel steps (email_provided, report_sent) the bus did not take; the report itself was answered as usual',
    labelNames: ['step'] as const,
  });

export async function recordFunnelSteps(
  deps: FunnelStepDeps,
  request: FastifyRequest,
  visitor: ReportVisitor,
  steps: ServerRecordedStep[],
): Promise<void> {
  const { visitorId, sessionId } = visitor;
  if (!visitorId || !sessionId) return;
  const ua = request.headers['user-agent'];
  const requestUserAgent = typeof ua === 'string' ? ua.slice(0, 1024) : null;
  let visitorKey: string;
  try {
    visitorKey = await deps.visitorKeys.keyFor({
      address: request.ip,
      userAgent: requestUserAgent,
    });
  } catch (err) {
    for (const step of steps) lost(request, step, err);
    return;
  }
  // In order, one after the other: the aggregator copes with any order, the raw rows read better this way.
  for (const step of steps) {
    const event: JourneyEvent = {
      visitorId,
      sessionId,
      step,
      visitorKey,
      ipAddress: storableIp(request.ip, deps.ipStorage),
      requestUserAgent,
      isBot: isBotRequest(requestUserAgent),
    };
    try {
      await deps.bus.publish(topics.journey, event);
    } catch (err) {
      lost(request, step, err);
    }
  }
}

function lost(request: FastifyRequest, step: ServerRecordedStep, err: unknown): void {
  lostFunnelSteps(request.server).inc({ step });
  request.log.error({ err, step }, 'funnel step not published; the report was answered as usual');
}
