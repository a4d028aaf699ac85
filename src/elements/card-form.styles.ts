/**
 * The card form host's shadow styles (adopted: src/elements/shadow.ts). The card frame's heights include
 * the accepted brands' logo row (24 px and the form's 12 px gap; none in cvv mode). The comments inside
 * the string ship with it: keep new ones out here.
 */
export const cardFormStyles = `
  /*
   * Reserved before the frame reports its size, so the page does not jump when it loads: the frame's
   * height with the default appearance where no label wraps (measured in Chromium and Firefox), the
   * rows the merchant's options add included.
   */
  :host {
    display: block;
    --_rows: 352px;
    --_save: 0px;
    --_document: 0px;
    --_installments: 0px;
    --svc-frame-initial-height: calc(var(--_rows) + var(--_save) + var(--_document) + var(--_installments));
  }
  :host([save-card]) {
    --_save: 35px;
  }
  :host([document]) {
    --_document: 99px;
  }
  :host([installments]) {
    --_installments: 81px;
  }
  :host([mode='cvv']) {
    --_rows: 99px;
  }
  /*
   * Where labels wrap, the lines they add, by the frame's width and the form's language (Chromium). A
   * stored card's label, with a brand name as long as Mastercard, wraps below 374 px in every language
   * and always in Spanish.
   */
  :host {
    container-type: inline-size;
  }
  @container (width < 406px) { :host([mode=card][locale=pt-BR]) iframe { --_wrap: 22px } }
  @container (width < 282px) { :host([mode=card][locale=pt-BR]) iframe { --_wrap: 45px } }
  @container (width < 232px) { :host([mode=card][locale=pt-BR]) iframe { --_wrap: 64px } }
  @container (width < 444px) { :host([mode=card][locale=es]) iframe { --_wrap: 22px } }
  @container (width < 298px) { :host([mode=card][locale=es]) iframe { --_wrap: 42px } }
  @container (width < 274px) { :host([mode=card][locale=es]) iframe { --_wrap: 64px } }
  @container (width < 240px) { :host([mode=card][locale=en]) iframe { --_wrap: 19px } }
  @container (width < 374px) { :host([mode=cvv]) iframe { --_wrap: 22px } }
  :host([mode=cvv][locale=es]) iframe { --_wrap: 22px }
  @container (width < 352px) { :host([save-card][locale=pt-BR]) iframe { --_save-wrap: 22px } }
  @container (width < 370px) { :host([save-card][locale=es]) iframe { --_save-wrap: 22px } }
  @container (width < 310px) { :host([save-card][locale=en]) iframe { --_save-wrap: 22px } }
  iframe {
    display: block;
    width: 100%;
    min-width: 0;
    height: calc(var(--svc-frame-initial-height) + var(--_wrap, 0px) + var(--_save-wrap, 0px));
    border: 0;
    background: transparent;
    color-scheme: normal;
  }
`;
