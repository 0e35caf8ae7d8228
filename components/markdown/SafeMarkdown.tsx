import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type Block, type Inline, type ListBlock, parseMarkdown } from '@/lib/markdown/parse';
import { blockLength, COLLAPSED_MARKDOWN_CHARS, collapsedBlockCount } from '@/lib/markdown/collapse';
import { headingLevels } from '@/lib/markdown/outline';
import { CopyButton } from '@/components/common/CopyButton';
import { cleanForDisplay } from '@/lib/safety/untrusted';
import { isHttpUrl } from '@/lib/safety/urls';
import { t } from '@/lib/i18n';

interface Props {
  /** Untrusted Markdown. */
  markdown: string;
  /** Called with an http or https address when the member asks to open it; other addresses stay text. */
  onOpenLink: (url: string) => void;
  /** Heading level a Markdown `#` becomes, so the plan's headings sit under the view's own. */
  topHeadingLevel?: 2 | 3 | 4 | 5 | 6;
  /** A "Copy this code" button under each code block (the member copies; nothing runs). */
  copyCode?: boolean;
  /** A long text shows its first blocks and "Show more" (a result's note); a plan is shown whole. */
  collapsible?: boolean;
}

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * Untrusted Markdown shown as text: every element here is built from the parsed tree, text goes in as
 * text nodes, and there is no <a>: a link shows its address, and only an http or https one gets a
 * button that hands it to `onOpenLink`. Each paragraph, heading and list item takes its own direction
 * (dir="auto"): a note may answer in Arabic and quote English, each keeping its punctuation at its own end.
 * Code reads left to right in every language.
 */
export function SafeMarkdown({
  markdown,
  onOpenLink,
  topHeadingLevel = 3,
  copyCode = false,
  collapsible = false,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const blocks = parseMarkdown(cleanForDisplay(markdown));
  const shownCount = collapsible ? collapsedBlockCount(blocks) : null;
  const shown = shownCount === null || expanded ? blocks : blocks.slice(0, shownCount);
  const levels = headingLevels(blocks, topHeadingLevel);
  const last = shown.at(-1);
  // One block longer than the budget on its own is clipped by height (hidden, not scrolled).
  const clipped = shown !== blocks && last !== undefined && blockLength(last) > COLLAPSED_MARKDOWN_CHARS;
  return (
    <>
      <div class={clipped ? 'safe-markdown clipped' : 'safe-markdown'} dir="auto">
        {shown.map((b, i) => renderBlock(b, i, onOpenLink, levels[i] ?? topHeadingLevel, copyCode))}
      </div>
      {shown.length < blocks.length || clipped ? <p class="muted">…</p> : null}
      {shownCount === null ? null : (
        <button
          type="button"
          class="link-like show-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('common.showLess') : t('common.showMore')}
        </button>
      )}
    </>
  );
}

function renderBlock(
  block: Block,
  key: number,
  open: (url: string) => void,
  level: number,
  copyCode: boolean,
): ComponentChildren {
  switch (block.type) {
    case 'heading': {
      const Tag = `h${level}` as HeadingTag;
      return (
        <Tag key={key} dir="auto">
          {renderInlines(block.children, open)}
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p key={key} dir="auto">
          {renderInlines(block.children, open)}
        </p>
      );
    case 'code':
      return (
        <div key={key} class="code-block">
          <pre dir="ltr">
            <code>{block.text}</code>
          </pre>
          {copyCode ? <CopyButton text={block.text} label={t('markdown.copyCode')} /> : null}
        </div>
      );
    case 'list':
      return renderList(block, key, open);
  }
}

function renderList(list: ListBlock, key: number, open: (url: string) => void): ComponentChildren {
  const items = list.items.map((item, i) => (
    <li key={i} dir="auto">
      {renderInlines(item.children, open)}
      {item.lists.map((l, j) => renderList(l, j, open))}
    </li>
  ));
  return list.ordered ? (
    <ol key={key} start={list.start}>
      {items}
    </ol>
  ) : (
    <ul key={key}>{items}</ul>
  );
}

function renderInlines(nodes: Inline[], open: (url: string) => void): ComponentChildren {
  return nodes.map((n, i) => renderInline(n, i, open));
}

function textOf(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === 'text' || n.type === 'code' ? n.text : textOf(n.children))).join('');
}

function renderInline(node: Inline, key: number, open: (url: string) => void): ComponentChildren {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'em':
      return <em key={key}>{renderInlines(node.children, open)}</em>;
    case 'strong':
      return <strong key={key}>{renderInlines(node.children, open)}</strong>;
    case 'link':
      return <LinkAsText key={key} node={node} open={open} />;
  }
}

function LinkAsText({ node, open }: { node: Extract<Inline, { type: 'link' }>; open: (url: string) => void }) {
  const raw = node.url.trim();
  const http = isHttpUrl(raw);
  // What opens is the parsed address (its host in punycode), so that is what the member reads.
  const shown = http ? new URL(raw).href : raw;
  const label = textOf(node.children).trim();
  const sameAsLabel = label === raw || label === shown;
  return (
    <span class="md-link">
      {node.image ? 'Image: ' : null}
      {sameAsLabel ? null : <span class="md-link-text">{renderInlines(node.children, open)}</span>}
      {sameAsLabel ? <span class="md-link-url">{shown}</span> : <span class="md-link-url"> ({shown})</span>}
      {http ? (
        <>
          {' '}
          <button
            type="button"
            class="link-button"
            aria-label={t('markdown.openLinkLabel', { url: shown })}
            onClick={() => open(shown)}
          >
            {t('markdown.openLink')}
          </button>
        </>
      ) : null}
    </span>
  );
}
