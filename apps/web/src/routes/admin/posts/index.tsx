import { createFileRoute } from '@tanstack/react-router'
import { PostsListScreen } from '../../../features/posts-admin/posts-list-screen'

export const Route = createFileRoute('/admin/posts/')({ component: PostsListScreen })
