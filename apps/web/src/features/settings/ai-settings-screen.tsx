import { useEffect, useState } from 'react'
import { Button, Card, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import { AI_MAX_TOKENS, aiModels, type AiModel } from '@wayfarer/api/schemas'
import { trpc } from '../../lib/trpc'
import { isNetworkError, serverMessage } from '../../lib/trpc-errors'

type Notice = { error: boolean; text: string } | null

/** SPEC.md §2 AI settings (/admin/settings): key entry + test, enabled toggle, model, max tokens, Save. */
export function AiSettingsScreen() {
  const settings = trpc.settings.ai.useQuery(undefined, { staleTime: 0 })
  const save = trpc.settings.saveAi.useMutation()
  const test = trpc.ai.test.useMutation()
  const utils = trpc.useUtils()
  const [apiKey, setApiKey] = useState('')
  const [enabled, setEnabled] = useState(false)
  const [model, setModel] = useState<AiModel>('gemini-1.5-pro')
  const [maxTokens, setMaxTokens] = useState<number>(AI_MAX_TOKENS.default)
  const [testNotice, setTestNotice] = useState<Notice>(null)
  const [saveNotice, setSaveNotice] = useState<Notice>(null)

  useEffect(() => {
    if (!settings.data) return
    setApiKey(settings.data.geminiApiKey)
    setEnabled(settings.data.enabled)
    setModel(settings.data.model)
    setMaxTokens(settings.data.maxTokens)
  }, [settings.data])

  async function testKey() {
    setTestNotice(null)
    if (!apiKey.trim()) return setTestNotice({ error: true, text: messages.ai.emptyKey })
    try {
      const result = await test.mutateAsync({ apiKey, model })
      setTestNotice({ error: false, text: result.message })
    } catch (e) {
      setTestNotice({ error: true, text: isNetworkError(e) ? messages.ai.testNetwork : serverMessage(e, messages.ai.testFailed) })
    }
  }

  async function submit() {
    setSaveNotice(null)
    try {
      await save.mutateAsync({ geminiApiKey: apiKey, enabled, model, maxTokens })
      await utils.settings.ai.invalidate()
      setSaveNotice({ error: false, text: messages.ai.saved })
    } catch (e) {
      setSaveNotice({ error: true, text: isNetworkError(e) ? messages.ai.saveAiFailed : serverMessage(e, messages.ai.saveFailed) })
    }
  }

  if (settings.isError) return <p role="alert" className="text-red-600">{'Failed to load AI settings'}</p>
  if (!settings.data) return <Skeleton className="h-96 w-full max-w-2xl" />

  return (
    <div className="max-w-2xl space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-gray-900">AI Settings</h2>
        <p className="text-sm text-gray-600">Configure Google Gemini for writing help in the editor and the gallery.</p>
      </div>
      <Card className="space-y-6 p-6">
        <div>
          <label htmlFor="gemini-key" className="text-sm font-medium text-gray-700">
            Gemini API key
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="gemini-key"
              type="password"
              autoComplete="off"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              placeholder="Paste your Gemini API key"
              className="w-full rounded-lg border border-gray-300 px-3 py-2"
            />
            <Button variant="secondary" onClick={() => void testKey()} disabled={test.isPending}>
              {test.isPending ? 'Testing...' : 'Test'}
            </Button>
          </div>
          {settings.data.hasApiKey && <p className="mt-1 text-xs text-gray-500">A key is saved; only its last characters are shown.</p>}
          {testNotice && (
            <p role={testNotice.error ? 'alert' : 'status'} className={testNotice.error ? 'mt-2 text-sm text-red-600' : 'mt-2 text-sm text-green-700'}>
              {testNotice.text}
            </p>
          )}
        </div>
        <label className="flex items-center gap-3">
          <input type="checkbox" role="switch" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="h-5 w-5" />
          <span className="text-sm font-medium text-gray-700">Enable AI assistance</span>
        </label>
        <div>
          <label htmlFor="ai-model" className="text-sm font-medium text-gray-700">
            Model
          </label>
          <select id="ai-model" value={model} onChange={(e) => setModel(e.target.value as AiModel)} className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2">
            {aiModels.map((m) => (
              <option key={m} value={m}>
                {m}
                {m === 'gemini-1.5-pro' ? ' (recommended)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="max-tokens" className="text-sm font-medium text-gray-700">
            Max tokens: {maxTokens}
          </label>
          <input
            id="max-tokens"
            type="range"
            min={AI_MAX_TOKENS.min}
            max={AI_MAX_TOKENS.max}
            step={AI_MAX_TOKENS.step}
            value={maxTokens}
            onChange={(e) => setMaxTokens(Number(e.target.value))}
            className="mt-2 w-full"
          />
        </div>
        <div className="flex items-center gap-4">
          <Button onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          {saveNotice && (
            <p role={saveNotice.error ? 'alert' : 'status'} className={saveNotice.error ? 'text-sm text-red-600' : 'text-sm text-green-700'}>
              {saveNotice.text}
            </p>
          )}
        </div>
      </Card>
    </div>
  )
}
