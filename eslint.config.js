export { default } from '@wayfarer/config/eslint'
