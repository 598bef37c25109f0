import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isHardBounce } from './bounce-classes.ts';
import { classifyReply, parseReplyLine } from './classify.ts';
import { messageOfVerp, verpAddress } from './verp.ts';

describe('bounce classification', () => {
  const classify = (line: string) => {
    const reply = parseReplyLine(line);
    if (!reply) throw new Error(`unparsed: ${line}`);
    return classifyReply(reply);
  };

  it('classifies the common refusals as SparkPost does', () => {
    expect(classify('550 5.1.1 <x@dest.test>: Recipient address rejected: User unknown')).toBe(10);
    expect(classify('552 5.2.2 Mailbox full')).toBe(22);
    expect(classify('552 5.3.4 Message size exceeds fixed limit')).toBe(23);
    expect(classify('554 5.7.1 Service unavailable; Client host blocked using zen.spamhaus.org')).toBe(51);
    expect(classify('550 5.7.1 Message rejected as spam by Content Filtering')).toBe(52);
    expect(classify('554 5.7.1 <x@dest.test>: Relay access denied')).toBe(54);
    expect(classify('550 5.7.1 Rejected by policy')).toBe(50);
    expect(classify('451 4.7.1 Greylisted, please try again later')).toBe(50);
    expect(classify('550 something nobody recognises')).toBe(40);
    expect(classify('421 4.4.2 Connection timed out')).toBe(24);
  });

  it('does not blame the recipient for a refusal of the sender or of the whole domain', () => {
    expect(classify('550 5.7.1 <bounces-x@mail.test>: Sender address rejected: Access denied')).toBe(50);
    expect(classify('550 5.7.23 Message rejected due to SPF policy')).toBe(50);
    expect(classify('550 5.7.1 <x@dest.test>: Recipient address rejected: not allowed')).toBe(50);
    expect(classify('550 5.1.2 dest.test: domain does not exist')).toBe(21);
  });

  it('reads only the start of a very long reply (a megabyte of text would take the patterns minutes)', () => {
    expect(classifyReply({ code: 550, enhanced: '5.1.1', text: 'spam '.repeat(200_000) })).toBe(10);
  });

  it('never turns a temporary refusal into a hard bounce', () => {
    expect(classify('450 4.1.1 <x@dest.test>: Recipient address rejected: User unknown')).toBe(20);
    expect(classify('452 4.2.2 insufficient system storage')).toBe(22);
    expect(classify('451 try again')).toBe(20);
  });

  it('reads a DSN Diagnostic-Code and tells hard from soft', () => {
    expect(parseReplyLine('smtp; 550 5.1.1 user unknown')).toEqual({
      code: 550,
      enhanced: '5.1.1',
      text: 'user unknown',
    });
    expect(parseReplyLine('550 no enhanced code')).toEqual({
      code: 550,
      enhanced: undefined,
      text: 'no enhanced code',
    });
    expect(parseReplyLine('hello')).toBeUndefined();
    expect(classifyReply({ code: 250, text: 'OK' })).toBeUndefined();
    expect(isHardBounce(10)).toBe(true);
    expect(isHardBounce(22)).toBe(false);
    expect(isHardBounce(51)).toBe(false);
  });
});

describe('VERP return paths', () => {
  it('name the message and refuse a forged or altered address', () => {
    const id = randomUUID();
    const address = verpAddress('key-1', id, 'Bounce.Acme.test');
    expect(address).toMatch(/^bounces-[0-9a-f]{32}-[0-9a-f]{12}@bounce\.acme\.test$/);
    expect(messageOfVerp('key-1', address)).toBe(id);
    expect(messageOfVerp('key-1', address.toUpperCase())).toBe(id);
    expect(messageOfVerp('key-2', address)).toBeUndefined();
    const other = randomUUID().replaceAll('-', '');
    expect(
      messageOfVerp('key-1', address.replace(/bounces-[0-9a-f]{32}/, `bounces-${other}`)),
    ).toBeUndefined();
    expect(messageOfVerp('key-1', 'postmaster@bounce.acme.test')).toBeUndefined();
  });
});
