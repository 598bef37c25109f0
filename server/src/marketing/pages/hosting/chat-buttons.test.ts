import { pageIntegrations } from '@app/contract/marketing/page-domains';
import { describe, expect, it } from 'vitest';
import { chatButtons } from './chat-buttons.ts';

describe('the chat buttons of a hosted page', () => {
  it('stand in the corner, or above the Crisp chat bubble when the team has one', () => {
    const telegram = pageIntegrations.parse({ telegram: 'bike_shop' });
    expect(chatButtons(telegram)).toContain('right:16px;bottom:16px;');
    const withCrisp = pageIntegrations.parse({
      telegram: 'bike_shop',
      crispChat: '0c8e0a52-1f3b-4d6a-9e2f-5b7c9d1e3f40',
    });
    expect(chatButtons(withCrisp)).toContain('right:16px;bottom:96px;');
    expect(chatButtons(withCrisp)).toContain('<a href="https://t.me/bike_shop"');
  });
});
