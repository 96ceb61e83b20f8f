import { useEffect, useState } from 'react'
import { Button, Card, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import {
  AI_MAX_TOKEN_STOPS,
  AI_MAX_TOKENS,
  nearestTokenStop,
  offeredAiModels,
  upstreamModel,
  type AiModel,
} from '@wayfarer/api/schemas'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { trpc } from '../../../lib/trpc'
import { aiSettingsQuery } from './queries'
import { toUserMessage } from '../../../lib/user-message'
import { useAdminTitle } from '../../../lib/page-meta'

type Notice = { error: boolean; text: string } | null

/** SPEC.md §2 AI settings (/admin/settings): key entry + test, enabled toggle, model, max tokens, Save. */
export function AiSettingsScreen() {
  useAdminTitle('AI Settings')
  const settings = useQuery(aiSettingsQuery())
  const save = useMutation(trpc.settings.saveAi.mutationOptions())
  const test = useMutation(trpc.ai.test.mutationOptions())
  const queryClient = useQueryClient()
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
    setMaxTokens(nearestTokenStop(settings.data.maxTokens))
  }, [settings.data])

  async function testKey() {
    setTestNotice(null)
    if (!apiKey.trim()) return setTestNotice({ error: true, text: messages.ai.emptyKey })
    try {
      const result = await test.mutateAsync({ apiKey, model })
      setTestNotice({ error: false, text: result.message })
    } catch (e) {
      setTestNotice({ error: true, text: toUserMessage(e, messages.ai.testFailed, messages.ai.testNetwork) })
    }
  }

  async function submit() {
    setSaveNotice(null)
    try {
      await save.mutateAsync({ geminiApiKey: apiKey, enabled, model, maxTokens })
      await queryClient.invalidateQueries(trpc.settings.ai.queryFilter())
      setSaveNotice({ error: false, text: messages.ai.saved })
    } catch (e) {
      setSaveNotice({ error: true, text: toUserMessage(e, messages.ai.saveFailed, messages.ai.saveAiFailed) })
    }
  }

  if (settings.isError)
    return (
      <p role="alert" className="text-red-600">
        {'Failed to load AI settings'}
      </p>
    )
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
              {test.isPending ? 'Testing…' : 'Test'}
            </Button>
          </div>
          {settings.data.hasApiKey && (
            <p className="mt-1 text-xs text-gray-500">A key is saved; only its last characters are shown.</p>
          )}
          {testNotice && (
            <p
              role={testNotice.error ? 'alert' : 'status'}
              className={testNotice.error ? 'mt-2 text-sm text-red-600' : 'mt-2 text-sm text-green-700'}
            >
              {testNotice.text}
            </p>
          )}
        </div>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            className="h-5 w-5"
          />
          <span className="text-sm font-medium text-gray-700">Enable AI assistance</span>
        </label>
        <div>
          <label htmlFor="ai-model" className="text-sm font-medium text-gray-700">
            Model
          </label>
          <select
            id="ai-model"
            value={model}
            onChange={(e) => setModel(e.target.value as AiModel)}
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            {modelChoices(model).map((m) => (
              <option key={m} value={m}>
                {m}
                {m === 'gemini-1.5-pro' ? ' (recommended)' : ''}
              </option>
            ))}
          </select>
          {upstreamModel(model) !== model && (
            <p className="mt-1 text-xs text-gray-600">
              Google has retired {model}; requests use {upstreamModel(model)}, its current equivalent.
            </p>
          )}
        </div>
        <div>
          <label htmlFor="max-tokens" className="text-sm font-medium text-gray-700">
            Max tokens: {maxTokens}
          </label>
          <input
            id="max-tokens"
            type="range"
            min={0}
            max={AI_MAX_TOKEN_STOPS.length - 1}
            step={1}
            value={Math.max(0, AI_MAX_TOKEN_STOPS.indexOf(maxTokens))}
            aria-valuetext={`${maxTokens} tokens`}
            onChange={(e) => setMaxTokens(AI_MAX_TOKEN_STOPS[Number(e.target.value)] ?? AI_MAX_TOKENS.default)}
            className="mt-2 w-full"
          />
        </div>
        <div className="flex items-center gap-4">
          <Button onClick={() => void submit()} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
          {saveNotice && (
            <p
              role={saveNotice.error ? 'alert' : 'status'}
              className={saveNotice.error ? 'text-sm text-red-600' : 'text-sm text-green-700'}
            >
              {saveNotice.text}
            </p>
          )}
        </div>
      </Card>
    </div>
  )
}

/** The spec's three models, plus a saved current-model name (set through the API) so it is never silently changed. */
const modelChoices = (saved: AiModel): readonly AiModel[] =>
  (offeredAiModels as readonly AiModel[]).includes(saved) ? offeredAiModels : [...offeredAiModels, saved]
