import { describe, expect, it } from 'vitest';
import { utmTagsOf, withUtm, withUtmInText } from './utm-links.ts';

const tags = utmTagsOf('Black Friday');

describe("the team's autoLinkUtm on a campaign's links", () => {
  it('adds source, medium and campaign to web links, keeping their own query and fragment', () => {
    expect(withUtm('<a href="https://shop.test/sale?size=m&amp;c=1#top">Sale</a>', tags)).toBe(
      '<a href="https://shop.test/sale?size=m&amp;c=1&amp;utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=Black+Friday#top">Sale</a>',
    );
    expect(withUtm("<a class='b' href='http://shop.test'>x</a>", tags)).toBe(
      '<a class=\'b\' href="http://shop.test/?utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=Black+Friday">x</a>',
    );
  });

  it('leaves unsubscribe links, merge-tag links, other schemes and links with their own UTM as written', () => {
    const kept = [
      '<a href="https://shop.test/bye" data-msys-unsubscribe="1">Unsubscribe</a>',
      '<a href="{{view_in_browser_url}}">View</a>',
      '<a href="mailto:team@shop.test">Mail us</a>',
      '<a href="https://shop.test/?utm_source=own">Own</a>',
      '<a name="top">Anchor</a>',
      '<a href="https://exa mple.test">Broken</a>',
    ];
    for (const html of kept) expect(withUtm(html, tags)).toBe(html);
  });

  it("tags the text part's links like the html's, but its unsubscribe link", () => {
    const html =
      '<a href="https://shop.test/sale">Sale</a><a href="https://shop.test/bye" data-msys-unsubscribe="1">Unsubscribe</a>';
    const text =
      'Sale [https://shop.test/sale]\nUnsubscribe [https://shop.test/bye]\nYours [{{preferences_url}}]';
    expect(withUtmInText(text, html, tags)).toBe(
      'Sale [https://shop.test/sale?utm_source=newsletter&utm_medium=email&utm_campaign=Black+Friday]\n' +
        'Unsubscribe [https://shop.test/bye]\nYours [{{preferences_url}}]',
    );
  });
});
