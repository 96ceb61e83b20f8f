import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Toast } from '@wayfarer/ui'
import { useAdminTitle } from '../../../lib/page-meta'
import { ScreenHeader } from '../shell/screen-header'
import { downloadExport } from './export-download'
import { ImportPanel } from './import-panel'
import { importLimitsQuery } from './queries'
import { SettingsTabs } from './settings-tabs'

/** Admin → Settings → Import/Export: move a site in (WordPress, Ghost, a Wayfarer archive) and out (everything). */
export function ImportExportScreen() {
  useAdminTitle('Import/Export')
  const limits = useQuery(importLimitsQuery())
  return (
    <div className="max-w-3xl">
      <SettingsTabs />
      <ScreenHeader
        className="mb-6"
        title="Import/Export"
        description="Move in from another blog, or take everything with you."
      />
      <div className="space-y-6">
        <ImportPanel maxMb={limits.data?.upload_max_mb} />
        <ExportPanel />
      </div>
    </div>
  )
}

function ExportPanel() {
  const [state, setState] = useState<{ busy: boolean; notice: { error: boolean; text: string } | null }>({
    busy: false,
    notice: null,
  })
  const run = async () => {
    setState({ busy: true, notice: null })
    try {
      const name = await downloadExport()
      setState({ busy: false, notice: { error: false, text: `Downloaded ${name}.` } })
    } catch (e) {
      setState({
        busy: false,
        notice: { error: true, text: e instanceof Error ? e.message : 'The export failed. Please try again.' },
      })
    }
  }
  return (
    <Card className="space-y-4 p-6">
      <div>
        <h3 className="text-lg font-semibold text-gray-900">Export everything</h3>
        <p className="text-sm text-gray-600">
          One .zip archive with every story, comment, category, tag, gallery photo, message and setting (secrets left
          out) and the images stored here. Import it into any Wayfarer site to restore or move it.
        </p>
      </div>
      <Button variant="secondary" onClick={() => void run()} disabled={state.busy}>
        {state.busy ? 'Preparing the archive…' : 'Export everything'}
      </Button>
      {state.notice && <Toast tone={state.notice.error ? 'error' : 'success'}>{state.notice.text}</Toast>}
    </Card>
  )
}
