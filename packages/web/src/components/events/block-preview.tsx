import { useState } from 'react';
import type { ContentBlock } from '@event-admin/core/content-block/content-block.schema';
import { blockPreview, isEmbeddableVideo } from '@event-admin/core/content-block/content-block.rules';
import { isHttpUrl } from '@event-admin/core/shared.schema';

const Muted = ({ children }: { children: string }) => <span className="text-sm italic text-base-content/50">{children}</span>;

/** An image that says so when it cannot be loaded, instead of a broken icon. */
function SafeImage({ src, alt, className }: { src: string; alt: string; className: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span
        className="flex h-20 w-32 items-center justify-center rounded bg-base-200 p-2 text-center text-xs text-base-content/60"
        title={src}
      >
        Image could not be loaded
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" className={className} onError={() => setFailed(true)} />;
}

/** What a block will show: text cut at 40 characters, the image, the banner, the video (embedded from https only). */
export function BlockPreview({ block }: { block: ContentBlock }) {
  switch (block.type) {
    case 'text':
      return block.content ? (
        <p className="break-words" data-testid="block-preview-text">
          {blockPreview(block.content)}
        </p>
      ) : (
        <Muted>Empty text block</Muted>
      );
    case 'image':
      return (
        <div className="flex items-center gap-3">
          {isHttpUrl(block.imageUrl) ? (
            <SafeImage src={block.imageUrl} alt={block.altText} className="h-20 w-32 rounded object-cover" />
          ) : (
            <Muted>No image</Muted>
          )}
          {block.altText && <span className="break-words text-sm text-base-content/70">{block.altText}</span>}
        </div>
      );
    case 'banner':
      return (
        <div
          className="flex min-h-20 items-center rounded bg-neutral bg-cover bg-center p-4 text-neutral-content"
          style={
            isHttpUrl(block.backgroundImageUrl)
              ? {
                  backgroundImage: `linear-gradient(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.45)), url(${JSON.stringify(block.backgroundImageUrl)})`,
                }
              : undefined
          }
        >
          <span className="break-words text-lg font-bold">{block.headline || 'Untitled banner'}</span>
        </div>
      );
    case 'video':
      return (
        <div className="flex flex-col gap-1">
          {isEmbeddableVideo(block.embedUrl) ? (
            <iframe
              src={block.embedUrl}
              title={block.caption || 'Embedded video'}
              className="aspect-video w-full max-w-sm rounded"
              loading="lazy"
              sandbox="allow-scripts allow-same-origin allow-presentation"
              allow="encrypted-media; picture-in-picture"
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : isHttpUrl(block.embedUrl) ? (
            <a href={block.embedUrl} target="_blank" rel="noopener noreferrer" className="link link-primary break-all">
              {block.embedUrl}
            </a>
          ) : (
            <Muted>No video</Muted>
          )}
          {block.caption && <span className="text-sm text-base-content/70">{block.caption}</span>}
        </div>
      );
  }
}
