import { isServiceType, isSizeBand } from '../core';
import { DELIVERY_STATES, FOLLOW_UP_STATUSES, type LeadQuery } from '../shared/team-api';

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

const OWNER_FILTERS = ['mine', 'unassigned'] as const;

/** The longest source name the list asks for: a utm_source (100) or a host name (253). */
const SOURCE_MAX_LENGTH = 253;

/**
 * The list's page and filters live in the address, so a reload, a bookmark and Back keep them. A
 * value the list does not know (a mistyped link) is dropped, so the list shows what it can.
 */
export function queryFromSearch(search: string): LeadQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const status = params.get('status');
  const delivery = params.get('delivery');
  const serviceType = params.get('serviceType');
  const size = params.get('size');
  const source = params.get('source')?.trim();
  const owner = params.get('owner');
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    q: params.get('q')?.trim() || undefined,
    status: isOneOf(FOLLOW_UP_STATUSES, status) ? status : undefined,
    delivery: isOneOf(DELIVERY_STATES, delivery) ? delivery : undefined,
    serviceType: isServiceType(serviceType) ? serviceType : undefined,
    size: isSizeBand(size) ? size : undefined,
    source: source && source.length <= SOURCE_MAX_LENGTH ? source : undefined,
    owner: isOneOf(OWNER_FILTERS, owner) ? owner : undefined,
    due: params.get('due') === 'true' || undefined,
    waiting: params.get('waiting') === 'true' || undefined,
  };
}

/** The list's address for a query: only what is set, in one order, page 1 without a page. */
export function searchFor(query: LeadQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.delivery) params.set('delivery', query.delivery);
  if (query.serviceType) params.set('serviceType', query.serviceType);
  if (query.size) params.set('size', query.size);
  if (query.source) params.set('source', query.source);
  if (query.owner) params.set('owner', query.owner);
  if (query.due) params.set('due', 'true');
  if (query.waiting) params.set('waiting', 'true');
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/team?${text}` : '/team';
}

/** Whether any filter or search narrows the list (the page number does not). */
export function isFiltered(query: LeadQuery): boolean {
  return Object.entries(query).some(
    ([name, value]) => name !== 'page' && value !== undefined && value !== false,
  );
}
