/**
 * A line the site wrote (sentence, approvalLine, privacyLine, a refusal, a failure's reason), shown as the site
 * sent it: text only, never translated (translate="no" keeps a page translator off it too), and isolated (dir="auto") so its direction cannot reorder ours.
 */
export function SiteText({ text }: { text: string }) {
  return (
    <span class="site-text" dir="auto" translate={false}>
      {text}
    </span>
  );
}
