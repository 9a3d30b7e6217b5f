import { describe, expect, it } from 'vitest';
import { recipientForTeam, UNREADABLE_WEBHOOK, webhookRecipientForTeam } from './recipient-for-team';

describe('recipientForTeam', () => {
  it("shows an e-mail's address as it is, of every kind of e-mail", () => {
    for (const kind of ['visitor', 'team', 'sign_in', 'lead_alert', 'lead_digest'] as const) {
      expect(recipientForTeam(kind, 'Some.One+tag@example.org')).toBe('Some.One+tag@example.org');
    }
  });

  it("masks a continue link's address: a saved audit is no lead", () => {
    expect(recipientForTeam('continue', 'Some.One+tag@example.org')).toBe('S•••@example.org');
  });

  it("shows a webhook's host alone: no user, password, path, query or fragment", () => {
    expect(recipientForTeam('webhook', 'https://hooks.zapier.com/hooks/catch/123/abcSecret/')).toBe(
      'hooks.zapier.com',
    );
    expect(webhookRecipientForTeam('https://u:p@Hooks.Example.COM:8443/x?token=t#f')).toBe(
      'hooks.example.com:8443',
    );
    // The scheme's own port is no part of the host.
    expect(webhookRecipientForTeam('https://hooks.example.com:443/x')).toBe('hooks.example.com');
    expect(webhookRecipientForTeam('http://127.0.0.1:9/x')).toBe('127.0.0.1:9');
    expect(webhookRecipientForTeam('https://bücher.example/x')).toBe('xn--bcher-kva.example');
  });

  it('shows a URL it cannot read as no URL at all, never the text itself', () => {
    for (const unreadable of ['', 'not a url/secret', 'mailto:someone@example.org']) {
      expect(webhookRecipientForTeam(unreadable), unreadable).toBe(UNREADABLE_WEBHOOK);
    }
  });
});
