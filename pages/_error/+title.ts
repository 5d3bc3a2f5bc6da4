export default 'Page not found | Proofline Digital'
