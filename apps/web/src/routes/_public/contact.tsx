import { createFileRoute } from '@tanstack/react-router'
import { ContactScreen } from '../../features/contact/contact-screen'

export const Route = createFileRoute('/_public/contact')({ component: ContactScreen })
