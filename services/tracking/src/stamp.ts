// What the server adds to every accepted tracking request: the visitor's (truncated) address as the
// gateway saw it, the User-Agent header and the one bot decision made from it (isBotRequest, remembered per
// user agent: bot-verdicts.ts), and the visitor as counted (visitorKey). Browsers cannot be trusted to
// report these themselves: the body schemas are strict, so a client cannot send them.
import type { FastifyRequest } from 'fastify';
import { storableIp, type IpStorage, type VisitorKeys } from '@bodymetrics/service-kit';
import { isBotRequestRemembered } from './bot-verdicts';

export interface ServerStamp {
  ipAddress: string | null;
  requestUserAgent: string | null;
  isBot: boolean;
}

/** `claimedUserAgent`: the user agent the page reported in its body, if any (a bot's too). */
export function stampOf(
  request: FastifyRequest,
  ipStorage: IpStorage,
  claimedUserAgent?: string | null,
): ServerStamp {
  const requestUserAgent = requestUserAgentOf(request);
  return {
    ipAddress: storableIp(request.ip, ipStorage),
    requestUserAgent,
    isBot: isBotRequestRemembered(requestUserAgent, claimedUserAgent),
  };
}

function requestUserAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return typeof ua === 'string' ? ua.slice(0, 1024) : null;
}

/**
 * The visitor as counted: the daily visitor key of this request's network and User-Agent (the header, which
 * a page cannot change), whatever visitor id or storage choice the page reports.
 */
export function visitorKeyOf(request: FastifyRequest, visitorKeys: VisitorKeys): Promise<string> {
  return visitorKeys.keyFor({
    address: request.ip,
    userAgent: requestUserAgentOf(request),
  });
}
