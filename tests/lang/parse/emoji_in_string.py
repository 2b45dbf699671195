print('✅ ok')
