import { DELIVERY_STATES, FOLLOW_UP_STATUSES, type LeadQuery } from '../shared/team-api';

function isOneOf<T extends string>(values: readonly T[], value: string | null): value is T {
  return value !== null && (values as readonly string[]).includes(value);
}

/** The list's page and filters live in the address, so a reload, a bookmark and Back keep them. */
export function queryFromSearch(search: string): LeadQuery {
  const params = new URLSearchParams(search);
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const status = params.get('status');
  const delivery = params.get('delivery');
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    q: params.get('q')?.trim() || undefined,
    status: isOneOf(FOLLOW_UP_STATUSES, status) ? status : undefined,
    delivery: isOneOf(DELIVERY_STATES, delivery) ? delivery : undefined,
  };
}

export function searchFor({ page, q, status, delivery }: LeadQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (delivery) params.set('delivery', delivery);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `/team?${text}` : '/team';
}
