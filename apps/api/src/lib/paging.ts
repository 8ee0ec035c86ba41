/** The next and previous links of a page-number list, keeping the request's other query values. */
export function pageLinks(url: string, page: number, pageSize: number, total: number) {
  const link = (target: number) => {
    const parsed = new URL(url, 'http://placeholder');
    parsed.searchParams.set('page', String(target));
    parsed.searchParams.set('page_size', String(pageSize));
    return `${parsed.pathname}?${parsed.searchParams.toString()}`;
  };
  return {
    next: page * pageSize < total ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
