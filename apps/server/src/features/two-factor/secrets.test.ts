import { describe, expect, it } from 'vitest';
import { normalizeTwoFactorCode } from '@parley/protocol';
import { codeStep, hashRecoveryCode, newRecoveryCodes, SecretBox, Tickets, TICKET_MS } from './secrets.js';

// RFC 6238 appendix B: the SHA-1 secret "12345678901234567890", its codes cut to 6 digits.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('codeStep', () => {
  it('accepts the RFC 6238 codes at their times, with their 30-second step', () => {
    expect(codeStep(RFC_SECRET, '287082', 59_000)).toBe(1);
    expect(codeStep(RFC_SECRET, '081804', 1_111_111_109_000)).toBe(37_037_036);
    expect(codeStep(RFC_SECRET, '005924', 1_234_567_890_000)).toBe(41_152_263);
  });

  it('allows one step of clock drift either way, and no more', () => {
    const at = 1_234_567_890_000;
    expect(codeStep(RFC_SECRET, '005924', at + 30_000)).toBe(41_152_263);
    expect(codeStep(RFC_SECRET, '005924', at - 30_000)).toBe(41_152_263);
    expect(codeStep(RFC_SECRET, '005924', at + 60_000)).toBeNull();
    expect(codeStep(RFC_SECRET, '005925', at)).toBeNull();
  });
});

describe('Tickets', () => {
  const tickets = new Tickets('a-secret-of-thirty-two-characters!');

  it('reads back its own ticket until it expires, pinned to the password hash it was issued for', () => {
    const { ticket, expiresAt } = tickets.issue('u1', 'hash-1', 1_000);
    expect(Date.parse(expiresAt)).toBe(1_000 + TICKET_MS);
    const read = tickets.read(ticket, 2_000)!;
    expect(read.userId).toBe('u1');
    expect(read.pinned('hash-1')).toBe(true);
    expect(read.pinned('hash-2')).toBe(false);
    expect(tickets.read(ticket, 1_000 + TICKET_MS)).toBeNull();
  });

  it("refuses a ticket altered, cut, or made under another server's secret", () => {
    const { ticket } = tickets.issue('u1', 'hash-1', 1_000);
    const [body, tag] = ticket.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const other = Buffer.from(JSON.stringify({ ...claims, u: 'u2' })).toString('base64url');
    expect(tickets.read(`${other}.${tag}`, 2_000)).toBeNull();
    expect(tickets.read(body, 2_000)).toBeNull();
    expect(tickets.read(`${body}.`, 2_000)).toBeNull();
    const elsewhere = new Tickets('another-secret-of-thirty-two-chars').issue('u1', 'hash-1', 1_000);
    expect(tickets.read(elsewhere.ticket, 2_000)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxxx-xxxxx codes without look-alike letters, hashed as typed in any form', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/);
    const typed = ` ${codes[0]!.toUpperCase().replace('-', ' ')} `;
    expect(hashRecoveryCode(normalizeTwoFactorCode(typed))).toBe(
      hashRecoveryCode(normalizeTwoFactorCode(codes[0]!)),
    );
  });
});

describe('SecretBox', () => {
  it('seals a secret for one user: it opens for them and not as anyone else', async () => {
    const box = new SecretBox('a-secret-of-thirty-two-characters!');
    const sealed = await box.seal('u1', RFC_SECRET);
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.toContain(RFC_SECRET);
    expect(await box.open('u1', sealed)).toBe(RFC_SECRET);
    await expect(box.open('u2', sealed)).rejects.toThrow();
  });
});
