print("spacedash: the command skeleton arrives with issue 2")
