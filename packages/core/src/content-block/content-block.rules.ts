/** Text block preview (SPEC §9): the first 40 characters. */
export function blockPreview(content: string, length = 40) {
  return content.length > length ? `${content.slice(0, length)}...` : content;
}

/** Videos embed only from https addresses; anything else shows as a plain link. */
export function isEmbeddableVideo(url: string) {
  return /^https:\/\//i.test(url);
}
