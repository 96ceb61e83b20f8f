// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { act, createElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { QueryView, type QueryLike, type QueryViewProps } from './query-view'

// React's act() expects to be told it runs in a test.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

type List = { rows: string[] }
let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  document.body.innerHTML = ''
})

function show(query: QueryLike<List, Error>, props: Partial<QueryViewProps<List, Error>> = {}) {
  const container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() =>
    root!.render(
      createElement(QueryView<List, Error>, {
        query,
        loading: createElement('p', null, 'Loading rows'),
        failed: 'The rows could not be loaded.',
        empty: createElement('p', null, 'No rows yet'),
        isEmpty: (list) => list.rows.length === 0,
        children: (list) =>
          createElement(
            'ul',
            null,
            list.rows.map((row) => createElement('li', { key: row }, row)),
          ),
        ...props,
      }),
    ),
  )
  return container
}

const query = (data: List | undefined, error: Error | null = null, refetch: () => unknown = () => undefined) => ({
  data,
  error,
  refetch,
})

describe('QueryView', () => {
  it('shows the placeholders until the first answer', () => {
    expect(show(query(undefined)).textContent).toBe('Loading rows')
  })

  it('shows the content, or the empty note when there is nothing to show', () => {
    expect(show(query({ rows: ['Lisbon', 'Porto'] })).querySelectorAll('li')).toHaveLength(2)
    act(() => root?.unmount())
    expect(show(query({ rows: [] })).textContent).toBe('No rows yet')
  })

  it('says a read failed in an alert whose button reads again', () => {
    let reads = 0
    const shown = show(
      query(undefined, new Error('offline'), () => reads++),
      { retryLabel: 'Try Again' },
    )
    const alert = shown.querySelector('[role="alert"]')
    expect(alert?.querySelector('p')?.textContent).toBe('The rows could not be loaded.')
    expect(alert?.querySelector('button')?.textContent).toBe('Try Again')
    act(() => alert?.querySelector('button')?.click())
    expect(reads).toBe(1)
  })

  it('words the failure from the error when asked to', () => {
    const shown = show(query(undefined, new Error('offline')), {
      failed: (error) => `Could not load: ${error.message}`,
    })
    expect(shown.querySelector('[role="alert"] p')?.textContent).toBe('Could not load: offline')
  })

  it('puts a failure before rows kept from an earlier read, and takes a view of its own for it', () => {
    const shown = show(query({ rows: ['Lisbon'] }, new Error('Not found')), {
      failed: (error) => createElement('h1', null, `Gone: ${error.message}`),
    })
    expect(shown.innerHTML).toBe('<h1>Gone: Not found</h1>')
  })
})
