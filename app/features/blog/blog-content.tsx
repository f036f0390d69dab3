import { useEffect, useRef, useState } from "react";
import { parseBlogContent } from "./blog";

/** A post's text as React elements, by the spec's line rules. Never HTML: markup shows as text. */
export function BlogContent({ content }: { content: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed text-gray-800">
      {parseBlogContent(content).map((block, index) => {
        switch (block.kind) {
          case "h2":
            return (
              <h2 key={index} className="pt-4 text-2xl font-bold text-gray-900">
                {block.text}
              </h2>
            );
          case "h3":
            return (
              <h3 key={index} className="pt-2 text-xl font-semibold text-gray-900">
                {block.text}
              </h3>
            );
          case "list":
            return (
              <ul key={index} className="list-disc space-y-1 pl-6">
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex}>{item}</li>
                ))}
              </ul>
            );
          default:
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}

/** The banner, removed when it fails to load (also when it failed before the page hydrated). */
export function BannerImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      className="mt-8 aspect-[2/1] w-full rounded-2xl object-cover"
      data-testid="post-banner"
    />
  );
}
