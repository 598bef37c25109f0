/// <reference types="mocha" />

import { expect } from '@esm-bundle/chai';
import { richTextView } from './rich-text-view.ts';

describe('the rich text of a block not being edited', () => {
  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2>News</h2><p>Hi <strong>{{first_name}}</strong>, <em>see</em> <a href="https://shop.test/?a=1&amp;b=2">the shop</a></p><ul><li>one</li></ul>';
    expect(richTextView(html)).to.equal(html);
  });

  it('drops scripts, handlers, styles and unsafe links but keeps their text', () => {
    const view = richTextView(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script><img src=x onerror="alert(3)"></p>' +
        '<a href="javascript:alert(4)">bad</a><a href="{{unsubscribe_url}}">leave</a><span>plain</span>',
    );
    expect(view).to.equal('<p>Hi</p><a>bad</a><a href="{{unsubscribe_url}}">leave</a>plain');
  });
});
