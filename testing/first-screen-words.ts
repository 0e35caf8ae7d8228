/**
 * The words a member sees on the first screen of a view, counted in the page: every shown text node's words
 * (Intl.Segmenter's word-like segments, so Japanese counts too) whose line is inside the first screen, the tab
 * bar (`nav`), text for screen readers only and the text the member typed (fields) left out; and those besides
 * the answer (a result's note, a session's plan), which is what the member came for. Scrolls to the top first.
 * Shared by the first-screen walk (panel-checks) and the screenshots' word table, so both count alike. An arrow
 * with nothing named inside, so it survives being sent into a page as source.
 */
export const wordsOnFirstScreen = (language: string): { all: number; besidesAnswer: number } => {
  window.scrollTo(0, 0);
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let all = 0;
  let answer = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('nav, textarea, input, select, script, style, [hidden], .visually-hidden')) continue;
    if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    range.selectNodeContents(node);
    const seen = Array.from(range.getClientRects()).some(
      (r) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight,
    );
    if (!seen) continue;
    let words = 0;
    for (const part of segmenter.segment(node.textContent ?? '')) if (part.isWordLike) words++;
    all += words;
    if (parent.closest('.note, .plan .safe-markdown')) answer += words;
  }
  return { all, besidesAnswer: all - answer };
};
